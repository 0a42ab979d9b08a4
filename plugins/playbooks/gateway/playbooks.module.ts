import { Module } from '@nestjs/common';
import { PlaybooksResources } from './playbooks.resources';

/** The Playbooks area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [PlaybooksResources] })
export class PlaybooksModule {}
