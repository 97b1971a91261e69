#!/usr/bin/env python3
"""The slowest suites of a Swift Testing run, from its JSON event stream.

Usage: scripts/suite-times.py EVENTS.jsonl [COUNT] [BROWSERS.jsonl]

EVENTS.jsonl is what `swift test --event-stream-output-path EVENTS.jsonl` wrote (JSON Lines,
Swift Testing's ABI, documented in swift-testing's Documentation/ABI/JSON.md): a "test" record
for each suite and test function, then "event" records whose "testStarted" and "testEnded"
carry the instant each test function began and ended.

Swift Testing's own "Suite X passed after N seconds" counts from the start of the run, so it
tells which suites finished last, not which cost the most. Here a suite's time is the union of
its tests' intervals: the seconds during which at least one of its tests was running (its tests
run side by side, so their sum counts the same second several times; it is printed beside). A
test belongs to its innermost suite. A parameterized test's intervals are its test cases' (each
"testCaseStarted" to its "testCaseEnded"); a test with one case has only "testStarted" and
"testEnded" in the stream, whose interval also holds the wait for one of Swift's cooperative
threads (as many as cores) when other tests hold them all. Both include waiting for a core or
for a shared browser session, so on a busy machine compare suites with each other, not with a
previous run.

BROWSERS.jsonl, when given, is the log the test support's browser driver appends to (one line
per request to a browser: engine, test, the seconds the browser worked on it and the seconds the
request waited for its turn; Tests/BarFramesTestSupport/BrowserDriver.swift). Each browser
serves one request at a time, so its busy seconds bound the run from below: they are printed
per engine, with the suites that used each the most.

A crashed test process leaves the stream cut short, possibly in the middle of a line: unreadable
lines are skipped, and a test case that started but never ended is counted up to the last
instant in the stream and named, since one of them is the likely culprit.
"""

import json
import sys


def read_records(path):
    with open(path, "rb") as stream:
        for line in stream:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line cut short by a crash
            if isinstance(record, dict):
                yield record


def union_length(intervals):
    total = 0.0
    end = None
    for start, stop in sorted(intervals):
        if end is None or start > end:
            total += stop - start
            end = stop
        elif stop > end:
            total += stop - end
            end = stop
    return total


def browser_report(path, count):
    """Each engine's busy seconds, requests and longest wait, and its costliest suites."""
    engines = {}  # engine -> [seconds, requests, longest wait, {suite: seconds}]
    for record in read_records(path):
        engine = record.get("engine")
        seconds = record.get("seconds")
        if not isinstance(engine, str) or not isinstance(seconds, (int, float)):
            continue
        entry = engines.setdefault(engine, [0.0, 0, 0.0, {}])
        entry[0] += seconds
        entry[1] += 1
        entry[2] = max(entry[2], record.get("waited") or 0)
        # "Module.Suite/test(...)/File.swift:12:4": the suite is what precedes the test's name.
        suite = (record.get("test") or "(no test)").split("/")[0]
        entry[3][suite] = entry[3].get(suite, 0.0) + seconds
    if not engines:
        return
    print("==== the browsers (one request at a time each): seconds busy, requests, longest wait for a turn; "
          "the suites that used each the most")
    for engine, (seconds, requests, wait, per_suite) in sorted(engines.items(), key=lambda item: -item[1][0]):
        top = sorted(per_suite.items(), key=lambda item: -item[1])[:count]
        print(f"{seconds:8.1f} {requests:5d} {wait:7.1f}  {engine}: "
              + ", ".join(f"{name.split('.')[-1]} {used:.1f}" for name, used in top))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    if len(sys.argv) > 3:
        try:
            browser_report(sys.argv[3], 3)
        except OSError:
            pass  # no browser ran

    suites = {}  # suite id -> name
    functions = {}  # test function id -> its record
    started = {}  # test function id -> instant
    intervals = {}  # test function id -> (start, end)
    case_started = {}  # (test function id, test case id) -> instant
    case_intervals = {}  # test function id -> [(start, end)]
    case_names = {}  # (test function id, test case id) -> its arguments as Swift Testing shows them
    run_start = run_end = last = None
    try:
        for record in read_records(path):
            payload = record.get("payload") or {}
            if record.get("kind") == "test":
                if payload.get("kind") == "suite":
                    suites[payload.get("id")] = payload.get("displayName") or payload.get("name")
                elif payload.get("kind") == "function":
                    functions[payload.get("id")] = payload
                continue
            if record.get("kind") != "event":
                continue
            instant = (payload.get("instant") or {}).get("absolute")
            if not isinstance(instant, (int, float)):
                continue
            last = instant if last is None else max(last, instant)
            kind = payload.get("kind")
            test = payload.get("testID")
            test_case = payload.get("_testCase") or {}
            case = (test, json.dumps(test_case.get("id")))
            if kind == "runStarted":
                run_start = instant
            elif kind == "runEnded":
                run_end = instant
            elif test not in functions:
                continue  # a suite's own start and end
            elif kind == "testStarted":
                started[test] = instant
            elif kind == "testEnded" and test in started:
                intervals[test] = (started.pop(test), instant)
            elif kind == "testCaseStarted":
                case_started[case] = instant
                case_names[case] = test_case.get("displayName")
            elif kind == "testCaseEnded" and case in case_started:
                case_intervals.setdefault(test, []).append((case_started.pop(case), instant))
    except OSError as error:
        sys.exit(f"suite-times: cannot read {path}: {error.strerror}")

    # Cut short: what had started runs to the stream's last instant.
    unfinished = [f"{test} ({case_names.get((test, case)) or 'its one case'})" for test, case in sorted(case_started)]
    for (test, _), start in case_started.items():
        case_intervals.setdefault(test, []).append((start, last))
    for test, start in started.items():
        intervals[test] = (start, last)
        if not functions[test].get("isParameterized") and not any(case[0] == test for case in case_started):
            unfinished.append(test)
    spans = {test: case_intervals.get(test) or [interval] for test, interval in intervals.items()}

    def suite_of(test_id):
        # A suite's ID is its test functions' ID up to a "/"; the innermost one is the longest.
        best = None
        for suite_id in suites:
            if test_id.startswith(suite_id + "/") and (best is None or len(suite_id) > len(best)):
                best = suite_id
        return best

    per_suite = {}
    for test, test_spans in spans.items():
        per_suite.setdefault(suite_of(test), []).append(test_spans)

    def label(suite_id):
        if suite_id is None:
            return "(tests outside a suite)"
        # Nested suites: Outer.Inner, from the IDs of the enclosing suites.
        enclosing = sorted((s for s in suites if suite_id == s or suite_id.startswith(s + "/")), key=len)
        return ".".join(suites[s] for s in enclosing) or suites.get(suite_id, suite_id)

    rows = []
    for suite_id, tests in per_suite.items():
        flat = [span for test_spans in tests for span in test_spans]
        busy = union_length(flat)
        total = sum(stop - start for start, stop in flat)
        rows.append((busy, total, len(tests), label(suite_id)))
    rows.sort(key=lambda row: (-row[0], row[3]))
    if not rows:
        print("(no test timings in the event stream)")
        return

    print(f"==== the {min(count, len(rows))} slowest suites: seconds while one of their tests was under way "
          "(waits for a thread or a browser included), their tests' summed seconds, tests")
    for busy, total, tests, name in rows[:count]:
        print(f"{busy:8.1f} {total:8.1f} {tests:4d}  {name}")
    if run_start is not None:
        end = run_end if run_end is not None else last
        ended = "" if run_end is not None else ", cut short"
        print(f"Swift Testing run: {end - run_start:.1f} s from start to end{ended}, "
              f"{len(spans)} tests in {len(per_suite)} suites")
    if unfinished:
        print(f"started and not ended when the event stream ended ({len(unfinished)}; "
              "a test with one case may have been waiting for a thread):")
        for test in unfinished[:10]:
            print(f"  {test}")


if __name__ == "__main__":
    main()
