// How fast this machine is right now, in two figures a search depends on, so that benchmark
// figures taken on different machines (or on one whose neighbours changed) can be compared:
// the same tree measured 353–399 searches/s on one of this project's 2-core machines and
// 170–204/s on another, whose dependent memory reads took 264 ns.
//  - integer: milliseconds for a fixed loop of integer arithmetic (the CPU alone);
//  - memory: nanoseconds per read of a chain of dependent random reads over 64 MB (a read
//    that misses every cache, as a facet count's reads of a million images' tags do).

import { readdirSync, readFileSync } from 'node:fs';

const INTEGER_STEPS = 100_000_000;
const MEMORY_WORDS = 16 * 1024 * 1024; // 64 MB of 32-bit words
const MEMORY_READS = 4_000_000;

function integerLoop() {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < INTEGER_STEPS; i++) x = (x + Math.imul(i, 7)) % 1_000_003;
  return { ms: performance.now() - started, x };
}

function memoryChain(words) {
  const started = performance.now();
  let at = 1;
  let sum = 0;
  for (let i = 0; i < MEMORY_READS; i++) {
    // Each address depends on the word read before it: no two reads overlap.
    at = ((words[at & (MEMORY_WORDS - 1)] ?? 0) ^ i) >>> 0;
    sum += at;
  }
  return { ns: ((performance.now() - started) * 1e6) / MEMORY_READS, sum };
}

/** { integerMs, memoryNs } of this machine now (about two seconds). */
function machineSpeed() {
  const words = new Uint32Array(MEMORY_WORDS);
  for (let i = 0; i < MEMORY_WORDS; i++) words[i] = Math.imul(i, 2654435761) >>> 8;
  memoryChain(words); // compiled and the pages touched before the timed run
  const memory = memoryChain(words);
  integerLoop();
  const integer = integerLoop();
  // The results are used, so that no loop is optimised away.
  if (!Number.isFinite(memory.sum + integer.x)) throw new Error('machine speed: no result');
  return { integerMs: integer.ms, memoryNs: memory.ns };
}

/** One line: the machine's speed as machineSpeed measured it. */
export function machineSpeedLine(label = 'machine speed') {
  const { integerMs, memoryNs } = machineSpeed();
  return (
    `${label}: integer loop ${integerMs.toFixed(0)} ms (${INTEGER_STEPS / 1e6}M steps), ` +
    `dependent random read over 64 MB ${memoryNs.toFixed(0)} ns`
  );
}

/** Linux's clock ticks a second (USER_HZ), the unit of /proc/PID/stat's CPU times. */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user and system) the live processes of a process group have spent so
 * far, from /proc (Linux; null elsewhere): a server started in its own group (startServer),
 * its cluster workers included. A pass's difference, per search, is the server's cost of a
 * search whatever the machine's speed does to its latency; ±10 ms a process (a tick).
 */
export function processGroupCpuMs(group) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // Fields after the command name (which may hold spaces): state, ppid, pgrp, … utime, stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== group) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
