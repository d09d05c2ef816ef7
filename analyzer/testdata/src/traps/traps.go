// Package traps holds strings that Go programs write on purpose in shapes
// that are not one URI, or whose normalization would change what the
// program does. TestTrapsUnchanged checks that -fix, with the default
// settings, leaves this file as it is.
package traps

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Lists that the program splits on commas: each element is checked.
var (
	servers  = strings.Split("http://host_1,http://host_2,http://host_3", ",")
	natsURLs = "nats://a:4222,nats://b:4222"
	mixed    = "nats://127.0.0.1:1234,ws://127.0.0.1:1235"
	badList  = "nats://a:4222,nats://b c:4222" // want `"nats://b c:4222" is not a valid URI reference: invalid character ' '`
)

// Multi-host connection strings, which database and queue drivers read.
const (
	pg    = "postgres://app@db1:5432,db2:5432/orders"
	mongo = "mongodb://db1.example.com:27017,db2.example.com:27017/?replicaSet=rs0"
)

// Custom schemes whose "host" is no DNS name: a token, a bucket, a
// channel's number.
var (
	discord = "discord://Token@ChannelID"
	s3      = "s3://MyLegacyBucket/key"
	slack   = "slack://bot@123456789/123456789/abc"
)

// An OAuth redirect URI registered with its port is compared as a string
// (RFC 6749 section 3.1.2.3): reported, but no fix by default.
const redirectURI = "http://localhost:80/callback" // want `port 80 is the default for http`

// A zone written as net/url wants it.
var zone, _ = url.Parse("http://[fe80::1%25en0]/")

// Masked passwords.
var (
	masked   = "https://*****:*****@gitlab.com/group/repo.git"
	masked2  = "https://user:***@gitlab.com/"
	redacted = "https://user:<redacted>@gitlab.com/"
)

// Suppressions as the ecosystem writes them.
var (
	sa1007, _ = url.Parse("https://example.com/100%discount") //lint:ignore SA1007 the test feeds a bad URL
	nolint    = "https://example.com/a b"                     //nolint:urilint // kept for a test
	nolintAll = "https://example.com/a b"                     //nolint
	spaced    = "https://example.com/a b"                     // nolint:urilint,gosec
)

//lint:ignore SA1007 parsed on purpose with a bad escape
var sa1007Above, _ = url.Parse("http://[fe80::1%en0]/")

// A format string is a format when a printf-like function takes it.
func formats(id int) {
	_ = fmt.Sprintf("https://example.com/items/%d", id)
	_, _ = http.Get(fmt.Sprintf("https://example.com/100%%/%d", id))
}

// A path alone is fine for a request served to a handler.
var req, _ = http.NewRequest("GET", "/api/v1/items", nil)
