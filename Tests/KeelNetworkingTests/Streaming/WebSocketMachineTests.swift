import KeelNetworking
import KeelSupport
import Testing

@Suite("WebSocket keep-alive and reconnection decisions")
struct WebSocketMachineTests {
    static let backoff = RetryBackoff(maximumRetries: 2, baseDelay: .seconds(1), multiplier: 2, jitter: 0)

    static func openMachine() -> WebSocketMachine {
        var machine = WebSocketMachine(pingInterval: .seconds(30), pongTimeout: .seconds(5), backoff: backoff)
        _ = machine.send(.start)
        _ = machine.send(.opened)
        return machine
    }

    @Test("Close codes: registered names, application codes, transient and sendable codes")
    func closeCodes() {
        #expect(WebSocketCloseCode.normalClosure.rawValue == 1000)
        #expect(WebSocketCloseCode(rawValue: 1001) == .goingAway)
        #expect(WebSocketCloseCode.abnormalClosure.rawValue == 1006)
        #expect(WebSocketCloseCode.policyViolation.rawValue == 1008)
        #expect(WebSocketCloseCode.internalServerError.rawValue == 1011)
        #expect(WebSocketCloseCode(rawValue: 4000).isApplicationCode)
        #expect(WebSocketCloseCode(rawValue: 4999).isApplicationCode)
        #expect(!WebSocketCloseCode(rawValue: 5000).isApplicationCode)
        #expect(!WebSocketCloseCode(rawValue: 3999).isApplicationCode)
        #expect([1001, 1006, 1011].allSatisfy { WebSocketCloseCode(rawValue: $0).isTransient })
        #expect(![1000, 1002, 1008, 4000].contains { WebSocketCloseCode(rawValue: $0).isTransient })
        #expect(!WebSocketCloseCode.abnormalClosure.isSendable)
        #expect(!WebSocketCloseCode.noStatusReceived.isSendable)
        #expect(WebSocketCloseCode(rawValue: 4001).isSendable)
        #expect(WebSocketCloseCode.policyViolation.description == "1008 (policy violation)")
        #expect(WebSocketCloseCode(rawValue: 4321).description == "4321")
    }

    @Test("Pings every interval while pongs come back; a stale ping timer is rejected")
    func keepAlive() {
        var machine = WebSocketMachine(
            pingInterval: .seconds(30), pongTimeout: .seconds(5), backoff: Self.backoff)
        #expect(machine.send(.start).effects == [.connect])
        #expect(machine.send(.opened).effects == [.schedulePing(ping: 1, after: .seconds(30))])
        #expect(machine.send(.pingDue(1)).effects == [.sendPing(ping: 1, timeout: .seconds(5))])
        #expect(machine.state == .open(awaitingPong: 1))
        #expect(!machine.accepts(.pingDue(1)))
        #expect(machine.send(.pong(1)).effects == [.schedulePing(ping: 2, after: .seconds(30))])
        // The old deadline fires after its pong came: ignored.
        #expect(!machine.accepts(.pongDeadline(1, random: 0)))
        #expect(!machine.accepts(.pingDue(1)))
        #expect(machine.send(.pingDue(2)).effects == [.sendPing(ping: 2, timeout: .seconds(5))])
    }

    @Test("A missed pong is a drop: close, then reconnect after the backoff's wait")
    func missedPong() {
        var machine = Self.openMachine()
        _ = machine.send(.pingDue(1))
        #expect(
            machine.send(.pongDeadline(1, random: 0)).effects == [
                .disconnect(.goingAway), .wait(.seconds(1)),
            ])
        #expect(machine.state == .waiting(retry: 1, delay: .seconds(1)))
        // The late pong of the dropped connection changes nothing.
        #expect(!machine.accepts(.pong(1)))
        #expect(machine.send(.timerFired).effects == [.connect])
        #expect(machine.send(.opened).effects == [.schedulePing(ping: 3, after: .seconds(30))])
    }

    @Test("Transient closes and failures reconnect; a normal close, an app code and a policy error do not")
    func reconnectRules() {
        for code in [WebSocketCloseCode.goingAway, .abnormalClosure, .internalServerError] {
            var machine = Self.openMachine()
            #expect(
                machine.send(.serverClosed(code, reason: "", random: 0)).effects == [.wait(.seconds(1))],
                "\(code)")
        }
        for code in [WebSocketCloseCode.normalClosure, .policyViolation, WebSocketCloseCode(rawValue: 4002)] {
            var machine = Self.openMachine()
            let end = WebSocketEnd.closedByServer(code, reason: "bye")
            #expect(
                machine.send(.serverClosed(code, reason: "bye", random: 0)).effects == [.finish(end)],
                "\(code)")
            #expect(machine.state == .closed(end))
            #expect(!machine.accepts(.timerFired))
        }
        var failing = Self.openMachine()
        #expect(failing.send(.failed(random: 0)).effects == [.wait(.seconds(1))])
    }

    @Test("The client's close ends without reconnecting, also from a wait")
    func clientClose() {
        var machine = Self.openMachine()
        #expect(
            machine.send(.close(.normalClosure)).effects == [
                .disconnect(.normalClosure), .finish(.closedByClient(.normalClosure)),
            ])
        #expect(!machine.accepts(.failed(random: 0)))
        var waiting = Self.openMachine()
        _ = waiting.send(.failed(random: 0))
        #expect(waiting.send(.close(.normalClosure)).effects == [.finish(.closedByClient(.normalClosure))])
        // A code only reported, never sent (1006, 1005, 1015) or outside 1000–4999 used to go
        // into the close frame as given — an invalid frame the server answers as a protocol
        // error. The frame now says a normal close; the end still reports what the app asked.
        for code in [
            WebSocketCloseCode.abnormalClosure, .noStatusReceived, .init(rawValue: 1015),
            .init(rawValue: 5000), .init(rawValue: 999),
        ] {
            var open = Self.openMachine()
            #expect(
                open.send(.close(code)).effects == [
                    .disconnect(.normalClosure), .finish(.closedByClient(code)),
                ])
        }
        var custom = Self.openMachine()
        let appCode = WebSocketCloseCode(rawValue: 4001)
        #expect(
            custom.send(.close(appCode)).effects == [.disconnect(appCode), .finish(.closedByClient(appCode))])
        var cancelled = Self.openMachine()
        #expect(cancelled.send(.cancel).effects == [.disconnect(.goingAway), .finish(.cancelled)])
    }

    @Test("Drops in a row past the budget end; a message or pong between drops resets the count")
    func budget() {
        var machine = Self.openMachine()
        #expect(machine.send(.failed(random: 0)).effects == [.wait(.seconds(1))])
        _ = machine.send(.timerFired)
        #expect(machine.send(.failed(random: 0)).effects == [.wait(.seconds(2))])
        _ = machine.send(.timerFired)
        _ = machine.send(.opened)
        _ = machine.send(.received)
        #expect(machine.send(.failed(random: 0)).effects == [.wait(.seconds(1))])
        _ = machine.send(.timerFired)
        #expect(machine.send(.failed(random: 0)).effects == [.wait(.seconds(2))])
        _ = machine.send(.timerFired)
        // Opened without a sign of life, then dropped: the third in a row.
        _ = machine.send(.opened)
        #expect(machine.send(.failed(random: 0)).effects == [.finish(.reconnectBudgetExhausted(attempts: 3))])
        #expect(machine.state == .closed(.reconnectBudgetExhausted(attempts: 3)))
    }
}
