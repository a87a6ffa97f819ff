/*
 * inet_ntoa6()'s strict flag (Oracle DTrace): without it an IPv4-mapped
 * or -compatible address is its IPv4 part, with it the IPv6 prefix is
 * kept. link_ntop() of a uint8_t array reads its bytes, NULs included.
 * A NULL string argument faults with an invalid address of 0.
 */
#pragma D option quiet

uint8_t hw[20];

BEGIN
{
	this->p = (uint32_t *)alloca(16);
	this->p[3] = htonl(0x7f000001);
	printf("%s %s %s\n", inet_ntoa6((struct in6_addr *)this->p),
	    inet_ntoa6((struct in6_addr *)this->p, 0), inet_ntoa6((struct in6_addr *)this->p, 1));
	this->p[2] = htonl(0xffff);
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)this->p), inet_ntoa6((struct in6_addr *)this->p, 2));
	hw[0] = 0x80;
	hw[2] = 4;
	hw[19] = 0xcd;
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, hw));
}

BEGIN
{
	printf("%d\n", strlen(0));
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("ERROR %d %d %d\n", arg2, arg4, arg5);
}
