@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The compiler plugin that serves `@Generable` and `@Guide`.
///
/// The toolchain's SwiftSyntax ships no `SwiftCompilerPlugin` module, so the plugin speaks the
/// plugin message protocol itself over standard input and output.
@main
struct FoundationModelsMacrosPlugin {
    /// Every macro this plugin implements, looked up by type name.
    static var providingMacros: [any Macro.Type] { [GenerableMacro.self, GuideMacro.self] }

    static func main() throws {
        let connection = try StandardIOMessageConnection()
        let listener = CompilerPluginMessageListener(connection: connection, provider: MacroProvider())
        try listener.main()
    }
}

/// Resolves the compiler's macro references to this plugin's macro types.
struct MacroProvider: PluginProvider {
    struct UnknownMacro: Error, CustomStringConvertible {
        let typeName: String
        var description: String { "FoundationModelsMacros has no macro named '\(typeName)'" }
    }

    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        for macro in FoundationModelsMacrosPlugin.providingMacros where "\(macro)" == typeName {
            return macro
        }
        throw UnknownMacro(typeName: typeName)
    }

    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw UnknownMacro(typeName: moduleName)
    }

    var features: [PluginFeature] { [] }
}
