import ArgumentParser
import ODataModel

// swift-argument-parser's error for options that parse but do not hold together: a usage error wherever it is thrown
// (a `validate()`, or options checked when the command runs). Said here, beside the commands, so that nothing below
// them depends on the argument parser.
extension ValidationError: CategorizedError {
    /// Always `.usage` (exit 2).
    public var category: ErrorCategory { .usage }
}

extension ErrorReporter {
    /// Reports a command line that swift-argument-parser refused (an unknown option, a missing argument, a value that
    /// does not convert, a `validate()` that threw) in its words: the message, the command's usage and where its
    /// help is. Always a usage error.
    @discardableResult
    func reportCommandLine(_ error: Error, of command: any ParsableCommand.Type) -> ExitStatus {
        Stderr.write(command.fullMessage(for: error) + "\n")
        return .usage
    }
}
