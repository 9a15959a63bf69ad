import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  AttachmentName,
  ConversationReadRequest,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MessageRecipient,
  PatientMessageRequest,
  ReplyHoursRequest,
  StaffMessageRequest,
  type AttachmentView,
  type ConversationView,
  type MessageView,
  type MyMessagesView,
  type SessionUser,
  type StaffUnreadView,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { attachmentDisposition } from '../../../platform/common/content-disposition';
import { parseInput } from '../../../platform/http/parse';
import { readRawBody } from '../../../platform/http/raw-body';
import { metadataFor } from '../../../platform/http/request-context';
import { MessagesService } from './messages.service';

/**
 * Messages: the patient under /api/me/messages, the doctor who treats them and the segreteria under
 * /api/patients/:id/messages. A file is the raw body of its own message (`?name=`, and `?to=` for the patient).
 */
@Controller('api')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('me/messages')
  @Roles('patient')
  mine(@CurrentUser() user: SessionUser): Promise<MyMessagesView> {
    return this.messages.mine(user);
  }

  @Post('me/messages')
  @Roles('patient')
  sendMine(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<MessageView> {
    const input = parseInput(PatientMessageRequest, body);
    return this.messages.sendAsPatient(user, input.to, input.text, null, metadataFor(req, user));
  }

  @Post('me/messages/files')
  @Roles('patient')
  async sendMyFile(@Query('to') to: unknown, @Query('name') name: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<MessageView> {
    const recipient = parseInput(MessageRecipient, to);
    const fileName = parseInput(AttachmentName, name);
    const bytes = await readRawBody(req, MESSAGE_ATTACHMENT_MAX_BYTES);
    return this.messages.sendAsPatient(user, recipient, '', { name: fileName, bytes }, metadataFor(req, user));
  }

  @Post('me/messages/read')
  @HttpCode(200)
  @Roles('patient')
  readMine(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ unread: number }> {
    return this.messages.markRead(user, user.id, parseInput(ConversationReadRequest, body).with, metadataFor(req, user));
  }

  @Get('me/messages/:messageId/file')
  @Roles('patient')
  async myFile(@Param('messageId') messageId: string, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    await this.sendFile(res, await this.messages.attachment(user, user.id, messageId));
  }

  @Get('messages/unread')
  @Roles('doctor', 'admin')
  unread(@CurrentUser() user: SessionUser): Promise<StaffUnreadView> {
    return this.messages.staffUnread(user);
  }

  @Get('messages/reply-hours')
  @Roles('patient', 'doctor', 'admin')
  async replyHours(): Promise<{ replyHours: string | null }> {
    return { replyHours: await this.messages.replyHours() };
  }

  @Put('messages/reply-hours')
  @Roles('admin')
  setReplyHours(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ replyHours: string }> {
    return this.messages.setReplyHours(user, parseInput(ReplyHoursRequest, body).text, metadataFor(req, user));
  }

  @Get('patients/:id/messages')
  @Roles('doctor', 'admin')
  conversation(@Param('id') patientId: string, @CurrentUser() user: SessionUser): Promise<ConversationView> {
    return this.messages.staffConversation(user, patientId);
  }

  @Post('patients/:id/messages')
  @Roles('doctor', 'admin')
  sendToPatient(@Param('id') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<MessageView> {
    return this.messages.sendAsStaff(user, patientId, parseInput(StaffMessageRequest, body).text, null, metadataFor(req, user));
  }

  @Post('patients/:id/messages/files')
  @Roles('doctor', 'admin')
  async sendFileToPatient(
    @Param('id') patientId: string,
    @Query('name') name: unknown,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<MessageView> {
    const fileName = parseInput(AttachmentName, name);
    const bytes = await readRawBody(req, MESSAGE_ATTACHMENT_MAX_BYTES);
    return this.messages.sendAsStaff(user, patientId, '', { name: fileName, bytes }, metadataFor(req, user));
  }

  @Post('patients/:id/messages/read')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  readConversation(@Param('id') patientId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ unread: number }> {
    return this.messages.markRead(user, patientId, undefined, metadataFor(req, user));
  }

  @Get('patients/:id/messages/:messageId/file')
  @Roles('doctor', 'admin')
  async staffFile(
    @Param('id') patientId: string,
    @Param('messageId') messageId: string,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    await this.sendFile(res, await this.messages.attachment(user, patientId, messageId));
  }

  /** the doctor files the message's file into the record's attachments, in one step */
  @Post('patients/:id/messages/:messageId/file-into-record')
  @Roles('doctor', 'admin')
  fileIntoRecord(
    @Param('id') patientId: string,
    @Param('messageId') messageId: string,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<AttachmentView> {
    return this.messages.fileIntoRecord(user, patientId, messageId, metadataFor(req, user));
  }

  private async sendFile(res: Response, file: { name: string; mediaType: string; bytes: Buffer }): Promise<void> {
    res.setHeader('Content-Type', file.mediaType);
    res.setHeader('Content-Disposition', attachmentDisposition(file.name));
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).send(file.bytes);
  }
}
