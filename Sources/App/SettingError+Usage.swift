import Scenes

extension SettingError {
    /// A bad scene or setting on the command line: a usage error, exit status 2.
    var usage: UsageError { UsageError(message) }
}
