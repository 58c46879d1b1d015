/// Geometry: the value types every other Lumen module speaks in.
///
/// Coordinates are in points, x to the right, y down, origin at the top-left.
/// A point is a device pixel times the scale factor's inverse (HiDPI: 1 pt = 2 px at scale 2).
/// Everything here is a `Sendable` value type with no dependencies.
public enum GeometryModule {}
