import Foundation

/// Prints the process's peak resident memory (getrusage's ru_maxrss) at the end of a section. The peak only
/// grows over a run, so it is the section's own when the section is run alone (`paydesk-benchmarks tokens`).
func printPeakMemory(after section: String) {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    // Linux reports kibibytes.
    print("  peak resident memory after \(section): \(String(format: "%.1f", Double(usage.ru_maxrss) / 1024)) MiB")
}
