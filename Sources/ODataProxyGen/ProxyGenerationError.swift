import ODataModel

/// Why proxy classes cannot be generated for a document as asked: the construct it could not turn into Swift, or
/// a problem with the options. Options are named as `ProxyGeneratorOptions` names them (`setting`), for a caller to
/// word in its own terms (`odsh generate` names its command-line options).
public enum ProxyGenerationError: CategorizedError, CustomStringConvertible, Sendable {
    /// Two names differ only in case and `ProxyGeneratorOptions.allowCaseConflicts` is off.
    case caseConflict(scope: String, first: String, second: String, swiftName: String)
    /// The document has no entity container to make a service class of.
    case noEntityContainer
    /// The annotation file with renames cannot be used.
    case annotationFile(String)
    /// `ProxyGeneratorOptions.makePackage` without `ProxyGeneratorOptions.library`: the package would have no
    /// source for the `OData` library.
    case noLibrary
    /// An option's value cannot be used: `setting` names it, `value` is the value, `problem` says why (a service
    /// or module name that is not a Swift identifier).
    case badOption(setting: Setting, value: String, problem: String)

    /// A setting of `ProxyGeneratorOptions` whose value can be refused.
    public enum Setting: String, Sendable, CaseIterable {
        /// `ProxyGeneratorOptions.serviceName`: a Swift identifier.
        case serviceName
        /// `ProxyGeneratorOptions.moduleName` (the service class's name when not set): a Swift identifier.
        case moduleName
        /// `ProxyGeneratorOptions.classPrefix`: the beginning of a Swift identifier.
        case classPrefix

        /// The setting as Swift names it: `ProxyGeneratorOptions.serviceName`.
        public var settingName: String { "ProxyGeneratorOptions." + rawValue }
    }

    /// Usage: each asks for a different option or input.
    public var category: ErrorCategory {
        switch self {
        case .caseConflict, .annotationFile, .badOption, .noLibrary: return .usage
        case .noEntityContainer: return .invalidData
        }
    }

    /// The problem and what to do about it.
    public var description: String {
        switch self {
        case let .caseConflict(scope, first, second, swiftName):
            return "case conflict in \(scope): \(first) and \(second) differ only in case (both would be \(swiftName)); "
                + "set ProxyGeneratorOptions.allowCaseConflicts to give the second a suffix, or rename one with Proxy.ClassName / "
                + "Proxy.PropertyName in an annotation file"
        case .noEntityContainer:
            return "the metadata has no entity container: there is no service to generate a class for"
        case .annotationFile(let message):
            return "annotation file: \(message)"
        case .noLibrary:
            return "a package needs the odsh library as a dependency: set ProxyGeneratorOptions.library to a repository and version or to "
                + "the path of an odsh checkout"
        case let .badOption(setting, value, problem):
            return "\(setting.settingName) \(value): \(problem)"
        }
    }
}
