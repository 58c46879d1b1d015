import BuiltInScenes
import LumenApp

LumenApp.main(.lumen)
