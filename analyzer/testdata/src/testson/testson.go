package testson

var Endpoint = "https://example.com/a b" // want `invalid character ' '`
