import { Module } from '@nestjs/common';
import { CollegesController } from './colleges.controller.js';
import { ListChatRoomsHandler } from './list-chat-rooms.query.js';
import { ListCollegesHandler } from './list-colleges.query.js';
import { ManageRoomHandler } from './manage-room.command.js';
import { RegisterCollegeHandler } from './register-college.command.js';
import { SeedDemoCollegesService } from './seed-demo-colleges.service.js';

@Module({
  controllers: [CollegesController],
  providers: [
    ListCollegesHandler,
    ListChatRoomsHandler,
    RegisterCollegeHandler,
    ManageRoomHandler,
    SeedDemoCollegesService,
  ],
})
export class CollegesModule {}
