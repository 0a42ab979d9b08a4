export { JobsModule } from './jobs.module';
export { JobsService, JOBS_SCHEMA, type JobContext, type JobHandler, type JobSendOptions } from './jobs.service';
