import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { AGENT_SCRAPE_INTERVALS } from '@contracts';

/**
 * The drawer's form values (AgentFormValues). Fields are only let through here: the service checks them, so every
 * refusal is one readable sentence naming the field.
 */
export class AgentFormDto {
  @ApiProperty({ example: 'eu-west-prod', description: 'Required; unique among live agents; read-only once created' })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ example: { env: 'prod' }, description: 'Labels: a map of strings' })
  @Allow()
  properties?: unknown;

  @ApiPropertyOptional({ example: { enabled: true, interval: '30m' }, description: `interval one of ${AGENT_SCRAPE_INTERVALS.join(', ')}` })
  @Allow()
  kubernetes?: unknown;

  @ApiPropertyOptional({ example: { enabled: false, topologyName: '' } })
  @Allow()
  pushTelemetry?: unknown;

  @ApiPropertyOptional()
  @Allow()
  description?: unknown;
}
