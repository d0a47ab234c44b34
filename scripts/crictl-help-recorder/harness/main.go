package main

import (
	"fmt"
	"os"

	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
)

const (
	defaultTimeout = 2 * time.Second
)

func main() {
	app := cli.NewApp()
	app.Name = "crictl"
	app.Usage = "client for CRI"
	app.Version = "v1.36.0"
	app.Commands = []*cli.Command{
		runtimeAttachCommand,
		createContainerCommand,
		runtimeExecCommand,
		runtimeVersionCommand,
		listImageCommand,
		containerStatusCommand,
		imageStatusCommand,
		imageFsInfoCommand,
		podStatusCommand,
		logsCommand,
		runtimePortForwardCommand,
		listContainersCommand,
		pullImageCommand,
		runContainerCommand,
		runPodCommand,
		removeContainerCommand,
		removeImageCommand,
		removePodCommand,
		listPodCommand,
		startContainerCommand,
		runtimeStatusCommand,
		stopContainerCommand,
		stopPodCommand,
		updateContainerCommand,
		configCommand,
		statsCommand,
		podStatsCommand,
		podMetricsCommand,
		metricDescriptorsCommand,
		completionCommand,
		checkpointContainerCommand,
		runtimeConfigCommand,
		eventsCommand,
		updateRuntimeConfigCommand,
	}
	sort.SliceStable(app.Commands, func(i, j int) bool { return strings.Compare(app.Commands[i].Name, app.Commands[j].Name) < 0 })
	runtimeEndpointUsage := fmt.Sprintf("Endpoint of CRI container runtime "+
		"service (default: uses in order the first successful one of %v). "+
		"Default is now deprecated and the endpoint should be set instead.",
		defaultRuntimeEndpoints)
	app.Flags = []cli.Flag{
		&cli.StringFlag{Name: "config", Aliases: []string{"c"}, EnvVars: []string{"CRI_CONFIG_FILE"}, Value: defaultConfigPath,
			Usage: "Location of the client config file. If not specified and the default does not exist, the program's directory is searched as well"},
		&cli.StringFlag{Name: "runtime-endpoint", Aliases: []string{"r"}, EnvVars: []string{"CONTAINER_RUNTIME_ENDPOINT"}, Usage: runtimeEndpointUsage},
		&cli.StringFlag{Name: "image-endpoint", Aliases: []string{"i"}, EnvVars: []string{"IMAGE_SERVICE_ENDPOINT"},
			Usage: "Endpoint of CRI image manager service (default: uses " + "'runtime-endpoint' setting)"},
		&cli.DurationFlag{Name: "timeout", Aliases: []string{"t"}, Value: defaultTimeout,
			Usage: "Timeout of connecting to the server in seconds (e.g. 2s, 20s.). " + "0 or less is set to default"},
		&cli.BoolFlag{Name: "debug", Aliases: []string{"D"}, Usage: "Enable debug mode"},
		&cli.BoolFlag{Name: "enable-tracing", Usage: "Enable OpenTelemetry tracing."},
		&cli.IntFlag{Name: "tracing-sampling-rate-per-million", Usage: "Number of samples to collect per million OpenTelemetry spans. Set to 1000000 or -1 to always sample.", Value: -1},
		&cli.StringFlag{Name: "tracing-endpoint", Usage: "Address to which the gRPC tracing collector will send spans to.", Value: "127.0.0.1:4317"},
		&cli.StringFlag{Name: "profile-cpu", Usage: "Write a pprof CPU profile to the provided path."},
		&cli.StringFlag{Name: "profile-mem", Usage: "Write a pprof memory profile to the provided path."},
	}
	if os.Getenv("DUMP") != "" {
		dump(app.Commands)
		return
	}
	for _, cmd := range app.Commands {
		sort.Sort(cli.FlagsByName(cmd.Flags))
	}
	sort.Sort(cli.FlagsByName(app.Flags))
	if err := app.Run(os.Args); err != nil {
		fmt.Fprintf(os.Stderr, "FATAL %s\n", err)
		os.Exit(1)
	}
}

const defaultConfigPath = "/etc/crictl.yaml"

var defaultRuntimeEndpoints = []string{"unix:///run/containerd/containerd.sock", "unix:///run/crio/crio.sock", "unix:///var/run/cri-dockerd.sock"}
