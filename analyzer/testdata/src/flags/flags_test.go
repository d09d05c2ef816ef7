package flags

var testInput = "https://exa mple.com/" // want `invalid character ' ' in host`
