/*
 * illumos aggs/tst.agghist.d: sum() printed as histograms, then zoomed.
 */
#pragma D option agghist
#pragma D option quiet

BEGIN
{
	@["demerit"] = sum(-10);
	@["wtf"] = sum(10);
	@["bot"] = sum(20);

	@bagnoogle["SOAP/XML"] = sum(1);
	@bagnoogle["XACML store"] = sum(5);
	@bagnoogle["SAML token"] = sum(6);

	@stalloogle["breakfast"] = sum(-5);
	@stalloogle["non-diet pepsi"] = sum(-20);
	@stalloogle["parrot"] = sum(-100);

	printa(@);
	printa(@bagnoogle);
	printa(@stalloogle);

	printf("\nzoomed:");

	setopt("aggzoom");
	printa(@);
	printa(@bagnoogle);
	printa(@stalloogle);

	exit(0);
}
