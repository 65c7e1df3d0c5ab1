#if os(Linux)
    import Foundation
    import KeelNetworking
    import KeelTesting
    import Testing

    @Suite("Linux netlink monitor", .serialized)
    struct LinuxNetlinkTests {
        /// Netlink may be forbidden in some sandboxes; the fallback is tested then.
        static let netlinkAvailable = LinuxNetworkPathSource.isNetlinkAvailable

        @Test(
            "14. The real monitor reports this machine's path as satisfied and stops without leaking descriptors"
        )
        func realMonitor() async throws {
            let netlinkBefore = NetlinkSockets.count()
            let monitor = NetworkMonitor(source: LinuxNetworkPathSource(), debounce: .milliseconds(50))
            let first = await Task {
                var iterator = monitor.paths().makeAsyncIterator()
                return await iterator.next()
            }.value
            let path = try #require(first)
            #expect(path.status == .satisfied, "\(path)")
            #expect(path.supportsIPv4 || path.supportsIPv6)
            #expect(!path.usesInterfaceType(.loopback))
            #expect(
                await eventually { NetlinkSockets.count() <= netlinkBefore },
                "netlink socket leaked")
            #expect(
                await eventually { LinuxNetworkPathSource.liveWatcherCount == 0 }, "watcher still running")
        }

        @Test("The netlink dump and the procfs fallback agree on the default routes")
        func sourcesAgree() throws {
            let source = LinuxNetworkPathSource()
            let procfs = source.snapshot(usingNetlink: false)
            let procfsPath = NetworkPathEvaluator.evaluate(procfs)
            #expect(procfs.links.contains { $0.type == .loopback })
            #expect(procfsPath.status == .satisfied, "\(procfsPath)")
            if Self.netlinkAvailable {
                let netlinkPath = NetworkPathEvaluator.evaluate(source.snapshot())
                #expect(netlinkPath.status == procfsPath.status)
                #expect(netlinkPath.supportsIPv4 == procfsPath.supportsIPv4)
                #expect(netlinkPath.supportsIPv6 == procfsPath.supportsIPv6)
                #expect(
                    netlinkPath.availableInterfaces.map(\.name) == procfsPath.availableInterfaces.map(\.name))
            }
        }

        @Test("Change streams close their descriptors when the consumer stops")
        func changeStreamCleanup() async throws {
            let netlinkBefore = NetlinkSockets.count()
            let source = LinuxNetworkPathSource(pollInterval: .milliseconds(20))
            let task = Task {
                for await _ in source.changes() {}
            }
            #expect(
                await eventually { LinuxNetworkPathSource.liveWatcherCount == 1 }, "watcher never started")
            if Self.netlinkAvailable {
                #expect(
                    await eventually { NetlinkSockets.count() > netlinkBefore }, "no netlink socket opened")
            }
            task.cancel()
            #expect(
                await eventually { LinuxNetworkPathSource.liveWatcherCount == 0 }, "watcher still running")
            #expect(
                await eventually { NetlinkSockets.count() <= netlinkBefore },
                "netlink socket leaked")
        }
    }
#endif
