// The toolkit in one import: `import LumenUI` brings the modules an app's widget code uses.
@_exported import Animation
@_exported import Effects
@_exported import Geometry
@_exported import Imaging
@_exported import Input
@_exported import Pixels
@_exported import Render
@_exported import Widgets
