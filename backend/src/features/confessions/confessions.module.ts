import { Module } from '@nestjs/common';
import { RateLimitingModule } from '../../rate-limiting/rate-limiting.module.js';
import { ConfessionsController } from './confessions.controller.js';
import { ConfessionReads } from './confession-reads.js';
import { FeedPageCache } from './feed-page-cache.js';
import { FeaturedConfessionHandler } from './featured-confession.query.js';
import { GetConfessionHandler } from './get-confession.query.js';
import { ListCollegeConfessionsHandler } from './list-college-confessions.query.js';
import { ListConfessionsHandler } from './list-confessions.query.js';
import { LikeConfessionHandler } from './like-confession.command.js';
import { ReportConfessionHandler } from './report-confession.command.js';
import { SubmitConfessionHandler } from './submit-confession.command.js';

@Module({
  imports: [RateLimitingModule],
  controllers: [ConfessionsController],
  providers: [
    SubmitConfessionHandler,
    LikeConfessionHandler,
    ReportConfessionHandler,
    ListConfessionsHandler,
    ConfessionReads,
    FeedPageCache,
    GetConfessionHandler,
    FeaturedConfessionHandler,
    ListCollegeConfessionsHandler,
  ],
})
export class ConfessionsModule {}
