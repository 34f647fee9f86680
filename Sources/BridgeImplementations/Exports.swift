@_exported import Dialects
@_exported import BridgecheckAdapter
