import { Module } from '@nestjs/common';
import { CommentsController } from './comments.controller.js';
import { SubmitCommentHandler } from './submit-comment.command.js';

@Module({ controllers: [CommentsController], providers: [SubmitCommentHandler] })
export class CommentsModule {}
