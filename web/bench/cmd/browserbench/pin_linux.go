package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// pinProcesses keeps Chromium's GPU process on CPUs 1 and up and its
// pages on CPU 0, until stop is closed: a stand-in for a real GPU, which
// rasterises without taking the page's core. Under SwiftShader the GPU
// process's raster threads otherwise share both cores with the page's
// main thread, and a frame's Go time then counts time the thread waited.
// New threads inherit their creator's CPUs, and pages come and go with
// navigations, so it looks again every quarter of a second. It reports
// false when there is only one CPU (nothing to separate) or no browser
// process to look under. Only the descendants of browser, our Chromium,
// are touched.
func pinProcesses(browser int, stop <-chan struct{}) bool {
	cpus := runtime.NumCPU()
	if cpus < 2 || browser <= 0 {
		return false
	}
	var page, gpu unix.CPUSet
	page.Set(0)
	for c := 1; c < cpus; c++ {
		gpu.Set(c)
	}
	go func() {
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			pinOnce(browser, &page, &gpu)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	return true
}

// pinOnce sets the CPUs of every thread of browser's GPU process and page
// processes.
func pinOnce(browser int, page, gpu *unix.CPUSet) {
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		if _, err := strconv.Atoi(p.Name()); err != nil {
			continue
		}
		cmd, err := os.ReadFile(filepath.Join("/proc", p.Name(), "cmdline"))
		if err != nil || !descends(p.Name(), browser) {
			continue
		}
		var set *unix.CPUSet
		switch {
		case strings.Contains(string(cmd), "--type=gpu-process"):
			set = gpu
		case strings.Contains(string(cmd), "--type=renderer"):
			set = page
		default:
			continue
		}
		tasks, _ := os.ReadDir(filepath.Join("/proc", p.Name(), "task"))
		for _, t := range tasks {
			if tid, err := strconv.Atoi(t.Name()); err == nil {
				_ = unix.SchedSetaffinity(tid, set) // a thread that has just ended
			}
		}
	}
}

// descends reports whether process pid is a descendant of ancestor.
func descends(pid string, ancestor int) bool {
	for range 16 { // the zygote's children are a few levels down
		stat, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
		if err != nil {
			return false
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after its ')'.
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) < 2 {
			return false
		}
		pid = fields[1]
		switch ppid, _ := strconv.Atoi(pid); ppid {
		case ancestor:
			return true
		case 0, 1:
			return false
		}
	}
	return false
}
