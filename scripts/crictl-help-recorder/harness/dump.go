package main

import (
	"encoding/json"
	"os"

	"github.com/urfave/cli/v2"
)

type jf struct {
	Kind    string   `json:"kind"`
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	Usage   string   `json:"usage"`
	Value   any      `json:"value,omitempty"`
	EnvVars []string `json:"envVars,omitempty"`
	Default string   `json:"defaultText,omitempty"`
}
type jc struct {
	Name        string   `json:"name"`
	Aliases     []string `json:"aliases,omitempty"`
	Usage       string   `json:"usage"`
	UsageText   string   `json:"usageText,omitempty"`
	ArgsUsage   string   `json:"argsUsage,omitempty"`
	Description string   `json:"description,omitempty"`
	Short       bool     `json:"shortOptions"`
	Custom      string   `json:"customHelpTemplate,omitempty"`
	Flags       []jf     `json:"flags"`
	Sub         []jc     `json:"subcommands,omitempty"`
}

func dumpCmd(c *cli.Command) jc {
	o := jc{Name: c.Name, Aliases: c.Aliases, Usage: c.Usage, UsageText: c.UsageText, ArgsUsage: c.ArgsUsage, Description: c.Description, Short: c.UseShortOptionHandling, Custom: c.CustomHelpTemplate}
	o.Flags = []jf{}
	for _, f := range c.Flags {
		var x jf
		switch t := f.(type) {
		case *cli.BoolFlag:
			x = jf{Kind: "bool", Name: t.Name, Aliases: t.Aliases, Usage: t.Usage, EnvVars: t.EnvVars, Default: t.DefaultText}
			if t.Value {
				x.Value = true
			}
		case *cli.StringFlag:
			x = jf{Kind: "string", Name: t.Name, Aliases: t.Aliases, Usage: t.Usage, EnvVars: t.EnvVars, Default: t.DefaultText}
			if t.Value != "" {
				x.Value = t.Value
			}
		case *cli.IntFlag:
			x = jf{Kind: "int", Name: t.Name, Aliases: t.Aliases, Usage: t.Usage, EnvVars: t.EnvVars, Default: t.DefaultText}
			if t.Value != 0 {
				x.Value = t.Value
			}
		case *cli.Int64Flag:
			x = jf{Kind: "int64", Name: t.Name, Aliases: t.Aliases, Usage: t.Usage, EnvVars: t.EnvVars, Default: t.DefaultText}
			if t.Value != 0 {
				x.Value = t.Value
			}
		case *cli.DurationFlag:
			x = jf{Kind: "duration", Name: t.Name, Aliases: t.Aliases, Usage: t.Usage, EnvVars: t.EnvVars, Default: t.DefaultText}
			if t.Value != 0 {
				x.Value = t.Value.String()
			}
		case *cli.StringSliceFlag:
			x = jf{Kind: "strings", Name: t.Name, Aliases: t.Aliases, Usage: t.Usage, EnvVars: t.EnvVars, Default: t.DefaultText}
			if t.Value != nil {
				x.Value = t.Value.Value()
			}
		default:
			panic("unknown flag type")
		}
		o.Flags = append(o.Flags, x)
	}
	for _, s := range c.Subcommands {
		o.Sub = append(o.Sub, dumpCmd(s))
	}
	return o
}

func dump(cmds []*cli.Command) {
	var out []jc
	for _, c := range cmds {
		out = append(out, dumpCmd(c))
	}
	e := json.NewEncoder(os.Stdout)
	e.SetIndent("", " ")
	e.SetEscapeHTML(false)
	_ = e.Encode(out)
}
