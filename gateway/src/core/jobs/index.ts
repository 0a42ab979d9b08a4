export { JobsModule } from './jobs.module';
export { JobsService, JOBS_SCHEMA, type JobContext, type JobHandler, type JobSendOptions } from './jobs.service';
export { ScheduleError, compileSchedule, cronFields, parseDuration, scheduleProblem, type Schedule, type ScheduleOptions } from './schedule';
