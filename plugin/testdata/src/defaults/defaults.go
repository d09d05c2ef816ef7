// Package defaults is checked by the plugin built with no settings.
package defaults

import "net/http"

func get() {
	http.Get("http://exa mple.com/")        // want `"http://exa mple.com/" is not a valid URI reference`
	http.Get("http://example.com/a/../b")   // want `"http://example.com/a/../b" is not normalized`
	http.Get("https://example.com")         // empty-path is off by default
	http.Get("https://example.com/%7euser") // want `"https://example.com/%7euser" is not normalized`
}
