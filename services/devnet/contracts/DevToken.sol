// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title DevToken
/// @notice ERC-20 for the Portico devnet: configurable decimals, pre-funded holders and a
///         minter (the deployer) so local services such as the on-ramp sandbox can credit accounts.
contract DevToken is ERC20 {
    uint8 private immutable _tokenDecimals;
    address public immutable minter;

    error NotMinter(address caller);

    constructor(
        string memory tokenName,
        string memory tokenSymbol,
        uint8 tokenDecimals,
        address[] memory holders,
        uint256 amountPerHolder
    ) ERC20(tokenName, tokenSymbol) {
        _tokenDecimals = tokenDecimals;
        minter = msg.sender;
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amountPerHolder);
        }
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        _mint(to, amount);
    }
}
