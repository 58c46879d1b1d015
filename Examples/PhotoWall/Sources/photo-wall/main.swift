import LumenApp
import PhotoWall

LumenApp.main(.photoWall)
