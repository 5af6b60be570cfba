import { Module } from '@nestjs/common';
import { CommentsController } from './comments.controller.js';
import { ModerateCommentHandler, SubmitCommentHandler } from './comments.commands.js';

@Module({ controllers: [CommentsController], providers: [SubmitCommentHandler, ModerateCommentHandler] })
export class CommentsModule {}
