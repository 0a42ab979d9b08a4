import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FeaturesResponse } from '@contracts';
import { SignedIn } from '../rbac/decorators';
import { FeatureService } from './feature.service';

@ApiTags('features')
@Controller('api/features')
export class FeaturesController {
  constructor(private readonly features: FeatureService) {}

  @SignedIn()
  @Get()
  @ApiOperation({ summary: 'Effective feature states (flags plus inheritance) for the shell' })
  async list(): Promise<FeaturesResponse> {
    return { features: await this.features.states() };
  }
}
