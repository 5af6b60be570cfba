import { Module } from '@nestjs/common';
import { StartVisitorSessionHandler } from './start-visitor-session.command.js';
import { GetVisitorSessionHandler } from './get-visitor-session.query.js';
import { VisitorSessionsController } from './visitor-sessions.controller.js';

@Module({
  controllers: [VisitorSessionsController],
  providers: [StartVisitorSessionHandler, GetVisitorSessionHandler],
})
export class VisitorSessionsModule {}
