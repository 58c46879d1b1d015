import Testing

/// The suites that drive real windows with input. Each test that moves a pointer, covers the
/// screen (a kiosk) or reads the screen back has an X server of its own (`XServer`), so they
/// run side by side with each other and with the rest; a suite whose tests share a folder or
/// a bus runs its own tests one after another.
@Suite("Real windows and input")
enum RealWindowTests {}
