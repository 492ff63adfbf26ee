/** Who a session belongs to: the server's session record and the login answer share it. */
export interface UserIdentity {
  id: number;
  userCode: string;
  userName: string;
  userNameEn: string | null;
  userType: number;
  staffType: number;
  orgId: number | null;
}
