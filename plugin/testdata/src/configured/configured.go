// Package configured is checked by the plugin built with the settings of
// TestSettingsTakeEffect.
package configured

import "net/http"

func get() {
	http.Get("http://exa mple.com/")        // want `"http://exa mple.com/" is not a valid URI reference`
	http.Get("http://example.com/a/../b")   // dot-segments is disabled
	http.Get("https://example.com")         // want `"https://example.com" is not normalized`
	http.Get("https://example.com/%7euser") // want `"https://example.com/%7euser" is not normalized`
}
