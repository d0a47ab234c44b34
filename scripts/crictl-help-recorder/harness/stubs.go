package main

const (
	transportFlag        = "transport"
	flagTLSSNI           = "tls-sni"
	flagTLSCA            = "tls-ca"
	flagTLSCert          = "tls-cert"
	flagTLSKey           = "tls-key"
	outputTypeJSON       = "json"
	outputTypeYAML       = "yaml"
	outputTypeTable      = "table"
	outputTypeGoTemplate = "go-template"
	podCIDRFlag = "pod-cidr"
)

var common = struct{ TransportSpdy, TransportWebsocket string }{"spdy", "websocket"}
