package wire

import (
	"flag"
	"reflect"
	"testing"
	"time"

	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/internal/config"
)

// TestDefaults: with no flag and no file, the network checks get
// remote.DefaultConfig, every bound of it: the defaults the flags show
// are the library's.
func TestDefaults(t *testing.T) {
	fset := flag.NewFlagSet("uriextract", flag.ContinueOnError)
	flags := config.NewFlags(fset, "uriextract", Defaults())
	got, err := Remote(flags.Resolve(&config.File{}), &CommandLine{})
	if err != nil {
		t.Fatal(err)
	}
	got.Getenv, got.GitHubToken = nil, ""
	if want := remote.DefaultConfig(); !reflect.DeepEqual(got, want) {
		t.Errorf("Remote of the defaults =\n%+v\nwant remote.DefaultConfig\n%+v", got, want)
	}
	if d := fset.Lookup("timeout").DefValue; d != remote.DefaultTimeout.String() {
		t.Errorf("-timeout shows the default %s, want %v", d, remote.DefaultTimeout)
	}
}

// TestMaxTags: the max tag of the cache's keys is remote.MaxCacheTTL, so
// the file's line is named where remote.New would refuse it anyway.
func TestMaxTags(t *testing.T) {
	rt := reflect.TypeFor[config.Remote]()
	for _, name := range []string{"CacheTTL", "FailureTTL", "ConfirmSpan"} {
		f, _ := rt.FieldByName(name)
		if d, err := time.ParseDuration(f.Tag.Get("max")); err != nil || d != remote.MaxCacheTTL {
			t.Errorf("config.Remote.%s: max tag %q, want %v (remote.MaxCacheTTL)", name, f.Tag.Get("max"), remote.MaxCacheTTL)
		}
	}
}

// TestFileGitHubAPI: a GitHub API that the file names gets
// $GITHUB_TOKEN only when -allow-env allows it.
func TestFileGitHubAPI(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "secret")
	c := &config.File{Remote: config.Remote{GitHubAPI: "https://api.example/"}}
	for _, allow := range []bool{false, true} {
		env := &CommandLine{FileAPI: true}
		if allow {
			_ = env.Allow("GITHUB_TOKEN")
		}
		net, err := Remote(c, env)
		if err != nil {
			t.Fatal(err)
		}
		if got := net.GitHubToken != ""; got != allow {
			t.Errorf("allowed %v: token sent %v", allow, got)
		}
	}
}
