package dtrace

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"

	"github.com/godtrace/godtrace/internal/syserr"
	"golang.org/x/sys/unix"
)

// Process is a target process: one the handle created (dtrace -c) or
// grabbed (dtrace -p). The most recent one is $target.
type Process struct {
	PID     int
	created bool
	resume  chan bool     // created: true continues the process, false kills it
	exited  chan struct{} // closed when the process has exited
	status  syscall.WaitStatus
	known   bool // status is the real wait status (created processes)
	resumed bool
}

// CreateProcess starts argv as DTrace's -c does: the process is stopped
// once the dynamic linker has mapped its shared libraries, at the
// program's entry point, before main, and runs on only when Continue is
// called, so that tracing enabled in between sees everything the
// program does and the pid provider sees its libraries. (On
// architectures other than amd64 it is stopped earlier, once exec has
// loaded the program: see runToEntry.) It inherits dtrace's standard
// files. If the process ends before its entry point, as when a library
// is missing, CreateProcess fails as DTrace does, saying how it ended.
//
// The process is traced (ptrace) until then, and ptrace requests must
// come from the thread that started it: one goroutine, locked to its
// thread, starts it, continues or kills it, and waits for it to exit.
func (h *Handle) CreateProcess(argv []string) (*Process, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("failed to execute : no command")
	}
	p := &Process{created: true, resume: make(chan bool, 1), exited: make(chan struct{})}
	started := make(chan error)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		// The process dies with dtrace, however dtrace ends (SIGKILL
		// included), as DTrace kills the processes it created: the
		// death signal comes when the thread that started it ends,
		// and this one lives until the process has exited.
		cmd.SysProcAttr = &syscall.SysProcAttr{Ptrace: true, Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			started <- fmt.Errorf("failed to execute %s: %v", argv[0], syserr.Reason(err))
			return
		}
		pid := cmd.Process.Pid
		var ws syscall.WaitStatus
		// The exec's SIGTRAP stop.
		if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil || !ws.Stopped() {
			cmd.Process.Kill()
			cmd.Wait()
			started <- fmt.Errorf("failed to execute %s: the process did not stop after exec", argv[0])
			return
		}
		if err := runToEntry(pid); err != nil {
			var end *earlyEnd
			if !errors.As(err, &end) { // it is still there, stopped
				cmd.Process.Kill()
				cmd.Wait()
			}
			started <- fmt.Errorf("failed to control pid %d: %v", pid, err)
			return
		}
		p.PID = pid
		started <- nil
		if !<-p.resume {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		syscall.PtraceDetach(pid)
		for {
			if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil || ws.Exited() || ws.Signaled() {
				break
			}
		}
		p.status, p.known = ws, true
		close(p.exited)
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	h.targets = append(h.targets, p)
	h.target = p.PID
	h.symbols().keepMaps(p.PID)
	return p, nil
}

// earlyEnd is how a created process ended before reaching the point
// where CreateProcess stops it, worded as DTrace words it.
type earlyEnd struct{ status syscall.WaitStatus }

func (e *earlyEnd) Error() string {
	if e.status.Signaled() {
		return fmt.Sprintf("process died from signal %d", e.status.Signal())
	}
	return fmt.Sprintf("process exited with status %d", e.status.ExitStatus())
}

// GrabProcess makes a running process the target, as DTrace's -p does.
// Unlike DTrace, godtrace does not stop it while tracing is enabled.
func (h *Handle) GrabProcess(pid int) (*Process, error) {
	fd, err := unix.PidfdOpen(pid, 0)
	if err == syscall.ESRCH {
		// As dt_proc_grab(), which says no more than strerror(ESRCH)
		// of a process that does not exist.
		return nil, errors.New(syserr.Reason(err))
	}
	if err != nil {
		return nil, fmt.Errorf("failed to grab pid %d: %v", pid, syserr.Reason(err))
	}
	p := &Process{PID: pid, exited: make(chan struct{})}
	go func() {
		defer unix.Close(fd)
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			if _, err := unix.Poll(fds, -1); err != syscall.EINTR {
				break
			}
		}
		close(p.exited)
	}()
	h.targets = append(h.targets, p)
	h.target = pid
	h.symbols().keepMaps(pid)
	return p, nil
}

// Continue lets a created process run; it does nothing for a grabbed
// one, or a second time.
func (p *Process) Continue() {
	if p.created && !p.resumed {
		p.resumed = true
		p.resume <- true
	}
}

// Exited is closed when the process has exited.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// ExitNotice is what dtrace says when the process has exited: how it
// ended, where that is known (the wait status of a process it created).
func (p *Process) ExitNotice() string {
	switch {
	case p.known && p.status.Signaled():
		return fmt.Sprintf("pid %d terminated by %s", p.PID, signalName(p.status.Signal()))
	case p.known && p.status.ExitStatus() != 0:
		return fmt.Sprintf("pid %d exited with status %d", p.PID, p.status.ExitStatus())
	}
	return fmt.Sprintf("pid %d has exited", p.PID)
}

// release kills a created process that is still running, as DTrace
// does when it exits (a process it grabbed is left alone), and waits for
// it to go.
func (p *Process) release() {
	if !p.created {
		return
	}
	if !p.resumed {
		p.resumed = true
		p.resume <- false
	} else {
		select {
		case <-p.exited:
		default:
			// Not yet reaped, so the pid is still the process's.
			syscall.Kill(p.PID, syscall.SIGKILL)
		}
	}
	<-p.exited
}

// signalName is a signal's name as DTrace prints it ("SIGKILL").
func signalName(s syscall.Signal) string {
	if n := unix.SignalName(s); n != "" {
		return n
	}
	return "signal " + strconv.Itoa(int(s))
}
