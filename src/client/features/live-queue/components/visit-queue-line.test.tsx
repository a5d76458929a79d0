// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VisitQueue } from '../../../../shared/schemas/live-queue';
import { renderWithApp } from '../../auth/test/render';
import { fakeApi } from '../../rep/test/fake-api';
import { VisitQueueLine } from './visit-queue-line';

// The rep's place in line (docs/decisions/074-live-queue.md): what it says for each state, and that the visit's event
// stream changes it without asking the server again.

const waiting: VisitQueue = { position: 3, ahead: 2, etaMinutes: 25, status: 'waiting', lateByMinutes: 0, calledAt: null };

/** A stand-in for the browser's EventSource: the test sends its events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  static readonly CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

describe('the visit queue line', () => {
  it('says the place in line and about when, in a polite live region', async () => {
    fakeApi({ 'GET /api/appointments/7/queue': () => ({ body: waiting }) });
    renderWithApp(<VisitQueueLine appointmentId={7} doctor="Dr. Khanna" />);
    const line = screen.getByTestId('queue-line');
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect(await screen.findByText('You are #3 in line · about 25 min')).toBeInTheDocument();
    expect(line).not.toHaveTextContent('late');
  });

  it("says 'will see you now' when the stream says called, and the lateness, without asking again", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = fakeApi({ 'GET /api/appointments/7/queue': () => ({ body: waiting }) });
    renderWithApp(<VisitQueueLine appointmentId={7} doctor="Dr. Khanna" />);
    await screen.findByText('You are #3 in line · about 25 min');
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/live/appointments/7');
    act(() => source.onopen?.());
    act(() => source.emit('queue', { ...waiting, position: 1, ahead: 0, etaMinutes: 45, lateByMinutes: 20 }));
    expect(await screen.findByText('You are #1 in line · about 45 min')).toBeInTheDocument();
    expect(screen.getByText('Running about 20 minutes late')).toBeInTheDocument();
    act(() => source.emit('queue', { ...waiting, status: 'called', position: null, ahead: 0, etaMinutes: 0, calledAt: '2026-03-02T04:40:00.000Z' }));
    expect(await screen.findByText('Dr. Khanna will see you now')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/appointments/7/queue')).toHaveLength(1);
  });

  it('says nothing once the visit is done or gone', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeApi({ 'GET /api/appointments/7/queue': () => ({ body: waiting }) });
    renderWithApp(<VisitQueueLine appointmentId={7} doctor="Dr. Khanna" />);
    await screen.findByText('You are #3 in line · about 25 min');
    act(() => FakeEventSource.last!.emit('queue', { ...waiting, status: 'done', position: null, etaMinutes: null }));
    await vi.waitFor(() => expect(screen.getByTestId('queue-line')).toBeEmptyDOMElement());
  });
});
