import Foundation

/// Runs the built `paydesk` binary as a user would, in a scratch folder of its own.
struct PayDeskBinary {
    let folder: URL
    var store: String { folder.appendingPathComponent("store.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The binary next to the test bundle in .build/debug.
    static var executable: URL {
        var url = Bundle.main.bundleURL
        while url.path != "/" {
            let candidate = url.appendingPathComponent("paydesk")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/paydesk")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `paydesk arguments…` with `input` on stdin (not a terminal), with only the environment given.
    @discardableResult
    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ["HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
                               "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "USER": "e2e", "LANG": "C.UTF-8"]
            .merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    /// Creates the test's store with `paydesk init`, as an operator would before the first ingest.
    func createStore() throws {
        let result = try run(["init", "--db", store])
        guard result.status == 0 else { throw Failure(message: "paydesk init failed: \(result.stderr)") }
    }

    /// Starts `paydesk arguments…` in the background, stdout discarded and stderr (its log) in the file `log`
    /// in the folder.
    func start(_ arguments: [String], log: String) throws -> Process {
        let path = folder.appendingPathComponent(log).path
        guard FileManager.default.createFile(atPath: path, contents: nil), let stderr = FileHandle(forWritingAtPath: path) else {
            throw Failure(message: "cannot create \(path)")
        }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ["HOME": folder.path, "USER": "e2e", "LANG": "C.UTF-8"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        try stderr.close()
        return process
    }

    /// What a process started with `start` has logged so far.
    func log(_ name: String) -> String {
        (try? String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)) ?? ""
    }

    func json(_ arguments: [String]) throws -> Any {
        let result = try run(arguments)
        guard result.status == 0 else { throw Failure(message: "paydesk \(arguments) failed: \(result.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    struct Failure: Error { var message: String }
}
