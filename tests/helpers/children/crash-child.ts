/** Test child that dies the way the OOM killer ends a process: SIGKILL, with no reply. */
process.kill(process.pid, 'SIGKILL');
