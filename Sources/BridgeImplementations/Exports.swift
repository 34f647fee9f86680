@_exported import Dialects
