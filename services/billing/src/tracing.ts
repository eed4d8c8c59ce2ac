import { startProgramTracing } from '@postwright/platform/src/tracing';

/** Traces, when configured (OTEL_EXPORTER_OTLP_ENDPOINT): main.ts imports this first, so the SDK hooks the modules it instruments before they load. */
export const tracing = startProgramTracing('billing');
