import Testing

/// The suites that drive real windows with input on the shared X display run one after
/// another: xdotool moves the display's one pointer, which would otherwise wander into the
/// windows of a scripted test running at the same time.
@Suite("Real windows and input, one at a time", .serialized)
enum RealWindowTests {}
