@_exported import BridgecheckAdapter
@_exported import Dialects
