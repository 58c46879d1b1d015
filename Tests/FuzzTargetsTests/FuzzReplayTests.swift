import Foundation
@testable import FuzzTargets
import LumenTestSupport
import Testing

/// Every fuzz target's seeds and regression files (Fuzz/regressions/TARGET: inputs a fuzzer
/// once crashed Lumen with, kept so the fix stays) run through the target as the fuzzer runs
/// them, with no fuzzer: none crashes. With LUMEN_FUZZ_SEEDS set, the seeds are also written
/// to that folder, one folder a target, for `make fuzz`.
@Suite struct FuzzReplayTests {
    static let regressions = TestAssets.repository.appendingPathComponent("Fuzz/regressions").path

    @Test(arguments: FuzzTarget.allCases)
    func seedsAndRegressionsRunClean(target: FuzzTarget) throws {
        let seeds = FuzzSeeds.seeds(for: target)
        #expect(seeds.count >= 2 && seeds.allSatisfy { !$0.bytes.isEmpty }, "\(target): \(seeds.map { ($0.name, $0.bytes.count) })")
        for seed in seeds { target.run(seed.bytes) }
        let folder = Self.regressions + "/" + target.rawValue
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            target.run(Array(try #require(FileManager.default.contents(atPath: folder + "/" + name))))
        }
        if let out = ProcessInfo.processInfo.environment["LUMEN_FUZZ_SEEDS"] {
            let dir = out + "/" + target.rawValue
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for seed in seeds { try Data(seed.bytes).write(to: URL(fileURLWithPath: dir + "/" + seed.name)) }
        }
    }

    /// Each target has a dictionary where one helps, and each entry of it is one libFuzzer reads.
    @Test func dictionariesAreLibFuzzers() throws {
        let folder = TestAssets.repository.appendingPathComponent("Fuzz/dictionaries").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count >= 8, "\(names)")
        for name in names {
            #expect(FuzzTarget(rawValue: String(name.dropLast(".dict".count))) != nil, "\(name) is no target's")
            let lines = try String(contentsOfFile: folder + "/" + name, encoding: .utf8).split(separator: "\n")
            for line in lines where !line.hasPrefix("#") {
                #expect(line.wholeMatch(of: /[A-Za-z0-9_]*="([^"\\]|\\\\|\\"|\\x[0-9A-Fa-f]{2})*"/) != nil, "\(name): \(line)")
            }
        }
    }
}
