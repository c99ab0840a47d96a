extension SendThrottle: SendGate {}
