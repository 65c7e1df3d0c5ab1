import Foundation
import Testing

@Suite(.enabled(if: KeelRun.executable != nil, "the keel executable is built beside the tests"))
struct CommandLineTests {
    @Test func helpListsTheCommands() throws {
        let run = try KeelRun.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("usage: keel <command>"))
        #expect(run.stdout.contains("bench"))
    }

    @Test(arguments: [["frobnicate"], ["--verbose"], ["bench", "--fast"], ["bench", "nope"], ["bench"], []])
    func usageErrorsPrintOneLineAndUsageAndExitTwo(arguments: [String]) throws {
        let run = try KeelRun.run(arguments)
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("keel") == true)
        #expect(lines.dropFirst().first?.hasPrefix("usage:") == true)
    }

    @Test func benchHelpAndList() throws {
        let help = try KeelRun.run(["bench", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("keel bench --list"))
        let list = try KeelRun.run(["bench", "--list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("logging\t"))
    }
}
