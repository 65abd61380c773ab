import ODataClient
import ODataProxyGen

extension ErrorReporter {
    /// A generator's error in odsh's words: the settings it names are `odsh generate`'s options (`--service` for
    /// `ProxyGeneratorOptions.serviceName`, `--allow-case-conflicts` for `allowCaseConflicts`).
    static func words(for error: ProxyGenerationError) -> String {
        switch error {
        case let .caseConflict(scope, first, second, swiftName):
            return "case conflict in \(scope): \(first) and \(second) differ only in case (both would be \(swiftName)); "
                + "generate with --allow-case-conflicts to give the second a suffix, or rename one with Proxy.ClassName / "
                + "Proxy.PropertyName in an annotation file"
        case let .badOption(setting, value, problem):
            return "\(option(for: setting)) \(value): \(problem)"
        case .noLibrary:
            return "--package needs the odsh library as a dependency, and the source this odsh was built from is not known (or no "
                + "longer there): give --library with the URL of the odsh git repository (and --library-version, default "
                + "\(ODataClientVersion.version)) or the path of an odsh checkout"
        case .noEntityContainer, .annotationFile:
            return error.description
        }
    }

    /// The command-line option of a generator setting.
    static func option(for setting: ProxyGenerationError.Setting) -> String {
        switch setting {
        case .serviceName: return "--service"
        case .moduleName: return "--module"
        case .classPrefix: return "--prefix"
        }
    }
}
