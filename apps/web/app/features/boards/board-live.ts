import type { BoardChange } from '@estately/domain';
import { useEffect, useRef, useState } from 'react';
import { tokensFromCookies } from '../../api/tokens.ts';

// The board's live changes in the browser (decision 071): the API's server-sent events, read
// with fetch so the request carries the same bearer token as every other call (EventSource
// cannot send headers). Each change makes the page load its data again; a stream that cannot be
// held (no token, a proxy that cuts it, three failures in a row) gives way to asking again every
// `pollSeconds`, and the stream is tried again each minute.

export type LiveMode = 'connecting' | 'live' | 'polling' | 'revoked';

interface Options {
  apiUrl: string;
  boardId: number;
  pollSeconds: number;
  onChange(change: BoardChange): void;
  onPoll(): void;
}

/** Splits a chunk stream into server-sent events; comments and `retry:` lines are skipped. */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  let rest = buffer.replace(/\r\n/g, '\n');
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const frame = rest.slice(0, end);
    rest = rest.slice(end + 2);
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

export function useBoardLive(options: Options): LiveMode {
  const [mode, setMode] = useState<LiveMode>('connecting');
  // The latest callbacks, without restarting the stream on every render.
  const latest = useRef(options);
  latest.current = options;
  const { apiUrl, boardId, pollSeconds } = options;

  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let connectedBefore = false;
    let controller: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let poll: ReturnType<typeof setInterval> | null = null;

    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = null;
    };
    const startPolling = () => {
      if (stopped || poll) return;
      setMode('polling');
      poll = setInterval(() => latest.current.onPoll(), pollSeconds * 1000);
      retry = setTimeout(connect, 60_000);
    };
    const again = () => {
      if (stopped) return;
      failures += 1;
      if (failures >= 3) startPolling();
      else retry = setTimeout(connect, 3000);
    };

    async function connect() {
      if (stopped) return;
      const token = tokensFromCookies(document.cookie).token;
      if (!token) return startPolling();
      controller = new AbortController();
      try {
        const response = await fetch(`${apiUrl}/my/boards/${boardId}/events`, {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: controller.signal,
          cache: 'no-store',
        });
        if (response.status === 404) {
          setMode('revoked');
          stopped = true;
          stopPolling();
          return;
        }
        if (!response.ok || !response.body) return again();
        failures = 0;
        stopPolling();
        setMode('live');
        // Changes made while the stream was away are loaded now.
        if (connectedBefore) latest.current.onPoll();
        connectedBefore = true;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + value);
          buffer = parsed.rest;
          for (const item of parsed.events) {
            if (item.event === 'revoked') {
              stopped = true;
              setMode('revoked');
              return;
            }
            if (item.event === 'change') latest.current.onChange(JSON.parse(item.data) as BoardChange);
          }
        }
        again();
      } catch {
        if (!stopped) again();
      }
    }

    void connect();
    return () => {
      stopped = true;
      controller?.abort();
      if (retry) clearTimeout(retry);
      stopPolling();
    };
  }, [apiUrl, boardId, pollSeconds]);

  return mode;
}
