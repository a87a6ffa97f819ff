struct fwd_s;

struct s {
	struct fwd_s m;
};

BEGIN
{
	x = (a)(b);
}
