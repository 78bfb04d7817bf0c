import type { FastifyInstance } from 'fastify';
import { ReportScheduleService } from '../../../domain/reports/report-schedule-service';
import scheduleRoutes from './schedules';
import unsubscribeRoutes from './unsubscribe';

/**
 * /api/report-schedules: the schedules, for the network's people (schedules.ts, signed in), and the one-click
 * unsubscribe of each email's recipient (unsubscribe.ts, the link's token alone). Sending is
 * plugins/app/report-scheduler.ts's (fastify.reports).
 */
export default async function reportScheduleRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(unsubscribeRoutes);
  await fastify.register(scheduleRoutes, { schedules: new ReportScheduleService(fastify.db), sender: fastify.reports });
}
