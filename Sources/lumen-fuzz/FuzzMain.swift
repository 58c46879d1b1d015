import FoundationEssentials
import FuzzTargets
import Glibc

// Built by `make fuzz` (LUMEN_FUZZ, the sanitizers' coverage, libFuzzer linked without its
// main): `lumen-fuzz --target=NAME ARGS…` hands ARGS (corpus folders, libFuzzer's flags) to
// libFuzzer's driver for that target. Built plainly: `lumen-fuzz TARGET PATH…` replays files
// (or every file of folders) through the target, to reproduce a crash without a fuzzer. Either way,
// `lumen-fuzz --targets` lists the targets.

#if LUMEN_FUZZ
/// libFuzzer's driver (libclang_rt.fuzzer_no_main): parses libFuzzer's flags and fuzzes `one`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzer(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ one: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif

@main enum FuzzMain {
    static let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")

    /// The target libFuzzer's inputs go to (set once, before the driver starts).
    nonisolated(unsafe) static var target = FuzzTarget.jpeg

    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        if args == ["--targets"] { print(FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")); return }
        FuzzTarget.alone = true
        #if LUMEN_FUZZ
        guard let first = args.first, first.hasPrefix("--target=") else { fail("usage: lumen-fuzz --target=NAME [CORPUS…] [-FLAG=VALUE…] (targets: \(names))") }
        let name = String(first.dropFirst("--target=".count))
        guard let t = FuzzTarget(rawValue: name) else { fail("unknown target '\(name)' (targets: \(names))") }
        if let why = t.cannotRun { fail("the \(name) target cannot run: \(why)") }
        target = t
        // libFuzzer's driver gets every argument: it ignores those that start with "--" (and
        // passes them on to the processes it forks, so they fuzz the same target).
        var argc = CommandLine.argc, argv = CommandLine.unsafeArgv
        exit(runFuzzer(&argc, &argv) { data, size in
            FuzzMain.target.run(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        })
        #else
        replay(args)
        #endif
    }

    /// Runs the files `args` name through the target the first names.
    static func replay(_ args: [String]) {
        guard let name = args.first, args.count >= 2 else { fail("usage: lumen-fuzz TARGET FILE|FOLDER… (targets: \(names))") }
        guard let target = FuzzTarget(rawValue: name) else { fail("unknown target '\(name)' (targets: \(names))") }
        if let why = target.cannotRun { fail("the \(name) target cannot run: \(why)") }
        var count = 0
        for path in args.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { fail("\(file): cannot be read") }
                target.run(Array(data))
                count += 1
            }
        }
        print("lumen-fuzz: \(count) input(s) through \(name), none crashed")
    }

    /// `path` itself, or the files of the folder it names (sorted).
    static func files(at path: String) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { fail("\(path): no such file or folder") }
        guard info.st_mode & S_IFMT == S_IFDIR else { return [path] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
    }

    static func fail(_ message: String) -> Never {
        let line = "lumen-fuzz: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
}
