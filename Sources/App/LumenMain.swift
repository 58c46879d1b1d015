public enum LumenMain { public static func exit() {} }
